"""`serve`: the game on every phone at the table, and the scorer's page that enters scores
from a phone through the same interpreter as `play`. A small web application on Starlette and
uvicorn, imported only by this command:

    command.py       the command: checks, the scorer's secret, the links, running uvicorn
    app.py           the application: every area's routes behind one guard (the Host check)
    table_routes.py  the game's reads: the page, /api/state, /api/standings, /api/status,
                     and /api/events (Server-Sent Events)
    scorer_routes.py POST /api/entry: the scorer's lines
    league_routes.py the league, read-only: /league and /api/league (ratings and records)
    scorer.py        runs a line through the interpreter and the command line, in-process
    auth.py          the scorer's secret
    push.py          the one store watcher, and the hub that hands its snapshots to the streams
    state.py         what the pages are given (the shape of /api/state is written there)
    pages.py         the page files shipped in page/
    network.py       names and addresses: the Host check, the links, the QR codes
    connections.py   the listening socket and the deadlines that close idle connections
    parts.py         what every route reads, and the shape of a refusal
"""
