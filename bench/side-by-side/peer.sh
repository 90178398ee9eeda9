#!/usr/bin/env bash
# Starts or stops the peer that bench:side-by-side compares with: its PostgreSQL (55433) and
# Directus 10.10 (8055), as ../shared/peer-directus/00-setup.sh installed them in PEER_DIR
# (default data/peer). Usage: bash bench/side-by-side/peer.sh start|stop|status
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export PEER_DIR=${PEER_DIR:-$ROOT/data/peer}
[ -d "$PEER_DIR/directus/node_modules/directus" ] || { echo "no peer in $PEER_DIR: run ../shared/peer-directus/00-setup.sh first"; exit 1; }
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2> /dev/null; }

case "${1:-}" in
  start)
    if ! alive "$PEER_DIR/pg/pg-serve.pid"; then
      cd "$PEER_DIR/pg"
      nohup node pg-serve.mjs > pg.log 2>&1 &
      echo $! > "$PEER_DIR/pg/pg-serve.pid"
      until grep -q READY "$PEER_DIR/pg/pg.log"; do sleep 1; done
    fi
    if ! alive "$PEER_DIR/directus/directus.pid"; then
      # The server's own pid (not npx's), so that bench:side-by-side can read its CPU time.
      cd "$PEER_DIR/directus"
      nohup node node_modules/directus/cli.js start > directus.log 2>&1 &
      echo $! > "$PEER_DIR/directus/directus.pid"
      until curl -sf http://127.0.0.1:8055/server/health > /dev/null; do sleep 1; done
    fi
    echo "peer up: PostgreSQL pid $(cat "$PEER_DIR/pg/pg-serve.pid") (wrapper), Directus pid $(cat "$PEER_DIR/directus/directus.pid")"
    ;;
  stop)
    # Directus first (it holds connections), then the wrapper, which stops PostgreSQL cleanly.
    for f in "$PEER_DIR/directus/directus.pid" "$PEER_DIR/pg/pg-serve.pid"; do
      if alive "$f"; then
        pid=$(cat "$f")
        kill -TERM "$pid"
        for _ in $(seq 1 60); do kill -0 "$pid" 2> /dev/null || break; sleep 1; done
      fi
    done
    echo "peer stopped"
    ;;
  status)
    alive "$PEER_DIR/pg/pg-serve.pid" && echo "PostgreSQL up" || echo "PostgreSQL down"
    alive "$PEER_DIR/directus/directus.pid" && echo "Directus up" || echo "Directus down"
    ;;
  *)
    echo "usage: $0 start|stop|status"
    exit 2
    ;;
esac
