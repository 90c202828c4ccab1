#!/usr/bin/env bash
# The GitHub Action's check step (action.yml): runs `skill-author check` once per requested format, with the
# inputs passed as arguments (never through a shell string), and fails the step as --fail-on says.
# Inputs arrive as INPUT_* variables; SKILL_AUTHOR_CLI is the CLI to run; GITHUB_OUTPUT receives sarif-file.
set -uo pipefail
cli=(node "${SKILL_AUTHOR_CLI:?}")
read -r -a paths <<< "${INPUT_PATH:-.}"
common=(--fail-on "${INPUT_FAIL_ON:-error}")
[[ -n "${INPUT_RUNTIME:-}" ]] && common+=(--runtime "$INPUT_RUNTIME")
[[ -n "${INPUT_BASELINE:-}" ]] && common+=(--baseline "$INPUT_BASELINE")
formats="${INPUT_FORMAT:-github}"
status=0
sarif_file=''
case ",$formats," in *,sarif,*)
  sarif_file="${INPUT_SARIF_FILE:-skill-author.sarif}"
  "${cli[@]}" check --format sarif "${common[@]}" -- "${paths[@]}" > "$sarif_file"
  rc=$?
  (( rc > status )) && status=$rc
  ;;
esac
case ",$formats," in *,github,*)
  "${cli[@]}" check --format github "${common[@]}" -- "${paths[@]}"
  rc=$?
  (( rc > status )) && status=$rc
  ;;
esac
case ",$formats," in *,github,*|*,sarif,*) ;; *)
  echo "skill-author: format must be github, sarif or github,sarif (got \`$formats\`)" >&2
  exit 2
  ;;
esac
[[ -n "${GITHUB_OUTPUT:-}" ]] && echo "sarif-file=$sarif_file" >> "$GITHUB_OUTPUT"
exit "$status"
