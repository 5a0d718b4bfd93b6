# The block the parse figure repeats (figures/parse.ts), @N@ its number: only parsed (-n), never run.
job_@N@() {
  local name="$1" count=${2:-0} kind
  if [ -z "$name" ]; then
    printf '%s\n' "usage: job_@N@ NAME [COUNT]" >&2
    return 2
  elif [ "$count" -gt 10 ] && [ "$name" != 'skip' ]; then
    count=$((count - 1))
  else
    : "${count:=1}"
  fi
  case "$name" in
    *.tar.gz | *.tgz) kind=archive ;;
    [a-z]*) kind="lower ${name%%.*}" ;;
    *) kind='other' ;;
  esac
  for f in "$@"; do
    echo "file: $f (${#f} chars, kind $kind)" | tr a-z A-Z >/dev/null
  done
  while read -r line; do
    test -n "$line" || continue
    out=$(printf '%s' "$line" | sed -e 's/a/b/g' -e "s|/|\\\\|g")
  done <<EOF_@N@
first line of @N@ with \$HOME and $name
second: `date +%s` and $((count * 2)) and ${out:-nothing}
EOF_@N@
  cat <<'RAW' | grep -v '^#' >/dev/null
# raw text, $not ${expanded} @N@
keep "quotes" and 'single' as \they are
RAW
  { echo start; ls -l /tmp 2>/dev/null | head -n 3; } >/dev/null
  (cd / && pwd) || return 1
  x=`expr @N@ + 1`
  y="${x:-none}" z=${y#1}
  until [ "$count" -le 0 ]; do count=$((count / 2)); done
  [ "$z" = "$y" ] && return 0 || return 1
}

if job_@N@ "a@N@.tar.gz" 3 2>/dev/null; then result_@N@=ok; elif [ $? -eq 2 ]; then result_@N@=usage; else result_@N@="failed: $?"; fi
