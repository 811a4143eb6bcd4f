#!/usr/bin/env bash
# `npm test`: lint, format check, typecheck, API tests, end-to-end tests, in that order, stopping
# at the first that fails, and printing the time each phase took (also when one fails).
set -euo pipefail

declare -a TIMES=()
phase() {
  local name=$1
  shift
  local start=$SECONDS
  echo "== ${name}"
  "$@"
  TIMES+=("$(printf '%-10s %5d s' "$name" $((SECONDS - start)))")
  echo "== ${name}: $((SECONDS - start)) s"
}
report() {
  echo '== time per phase'
  if [ ${#TIMES[@]} -gt 0 ]; then printf '  %s\n' "${TIMES[@]}"; fi
}
trap report EXIT

phase lint npm run lint
phase format npm run format
phase typecheck npm run typecheck
phase api-tests npm run test:unit
phase e2e npm run test:e2e --if-present
