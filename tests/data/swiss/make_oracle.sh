#!/bin/sh
# Generates random Swiss tournaments paired by bbpPairings (FIDE Dutch
# system, 2025 rules) with its random tournament generator, one TRF file
# each, for replaying every round through our pairing engine.
#
#   make_oracle.sh <bbpPairings binary> <out dir> <count> [first seed] [most players]
#
# Sizes 5-60 players (or up to the last argument), 3-11 rounds (never
# more rounds than players - 1),
# with forfeits and zero-point byes (absences); no half-point byes, which
# our tournaments do not have. The seed picks everything, so a run is
# reproducible with the same bbpPairings commit.
set -eu
bbp=$1
out=$2
count=$3
seed=${4:-1}
most=${5:-60}
mkdir -p "$out"
cfg=$(mktemp)
trap 'rm -f "$cfg"' EXIT
made=0
while [ "$made" -lt "$count" ]; do
  players=$(( 5 + (seed * 7919) % (most - 4) ))
  rounds=$(( 3 + (seed * 104729) % 9 ))
  [ "$rounds" -ge "$players" ] && rounds=$(( players - 1 ))
  case $(( seed % 3 )) in
    0) forfeit=1000000; retired=1000000 ;;
    1) forfeit=12; retired=1000000 ;;
    *) forfeit=10; retired=4 ;;
  esac
  printf 'PlayersNumber=%s\nRoundsNumber=%s\nForfeitRate=%s\nRetiredRate=%s\nHalfPointByeRate=1000000\n' \
    "$players" "$rounds" "$forfeit" "$retired" > "$cfg"
  name=$(printf '%s/p%02d-r%02d-s%04d.trf' "$out" "$players" "$rounds" "$seed")
  if "$bbp" --dutch -g "$cfg" -o "$name" -s "$seed" >/dev/null 2>&1; then
    made=$(( made + 1 ))
  else
    rm -f "$name"
  fi
  seed=$(( seed + 1 ))
done
