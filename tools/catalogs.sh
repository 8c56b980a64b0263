#!/usr/bin/env bash
# The catalogs, with Babel's own tools: extract every marked message into
# scorekeeper/locale/messages.pot, then bring each language's .po up to date with it (a new
# message arrives untranslated, a changed one marked fuzzy) for its translator.
#   tools/catalogs.sh            extract and update every language
#   tools/catalogs.sh init CODE  start a new language from the template
set -euo pipefail
cd "$(dirname "$0")/.."
pot=scorekeeper/locale/messages.pot
pybabel --quiet extract -F babel.cfg -o "$pot" --sort-output --no-location \
  --add-comments=TRANSLATORS: --project=table-scorekeeper --copyright-holder="table-scorekeeper" \
  -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k t -k nt:1,2 scorekeeper
if [ "${1:-}" = init ]; then
  pybabel --quiet init -i "$pot" -d scorekeeper/locale -D scorekeeper -l "$2"
else
  pybabel --quiet update -i "$pot" -d scorekeeper/locale -D scorekeeper --ignore-obsolete
fi
