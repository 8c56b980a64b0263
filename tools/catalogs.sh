#!/usr/bin/env bash
# The catalogs, with Babel's own tools: extract every marked message, and the shipped
# rulesets' prose (through tools/ruleset_messages.py, see babel.cfg), into
# scorekeeper/locale/messages.pot, then bring each language's .po up to date with it (a new
# message arrives untranslated, a changed one marked fuzzy) for its translator.
#   tools/catalogs.sh            extract and update every language
#   tools/catalogs.sh init CODE  start a new language from the template
#   tools/catalogs.sh check      say which messages the template lacks or no longer needs
set -euo pipefail
cd "$(dirname "$0")/.."
pot=scorekeeper/locale/messages.pot
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"  # babel.cfg names tools.ruleset_messages

extract() {
  pybabel --quiet extract -F babel.cfg -o "$1" --sort-output --no-location \
    --add-comments=TRANSLATORS: --project=table-scorekeeper --copyright-holder="table-scorekeeper" \
    -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k t -k nt:1,2 .
}

case "${1:-}" in
  check)
    fresh="$(mktemp)"
    trap 'rm -f "$fresh"' EXIT
    extract "$fresh"
    python - "$pot" "$fresh" <<'PY'
import sys
from babel.messages.pofile import read_po

kept, fresh = ({(m.id, m.context) for m in read_po(open(path, "rb")) if m.id} for path in sys.argv[1:])
for what, keys in (("missing from", fresh - kept), ("no longer in the code, still in", kept - fresh)):
    for key in sorted(keys, key=repr):
        print(f"{what} the template: {key[0]!r}" + (f" (context {key[1]!r})" if key[1] else ""))
sys.exit(1 if kept != fresh else 0)
PY
    ;;
  init)
    extract "$pot"
    pybabel --quiet init -i "$pot" -d scorekeeper/locale -D scorekeeper -l "$2"
    ;;
  *)
    extract "$pot"
    pybabel --quiet update -i "$pot" -d scorekeeper/locale -D scorekeeper --ignore-obsolete
    ;;
esac
