# Differences from bash that the expansion property test (test/property/expansion.property.test.ts)
# found, one case each, replayed against bash. Where the fix is not in the property test's own
# files, the comment above the case says where it belongs.

#### unquoted $@ with a non-blank IFS keeps an empty parameter as an empty field
# bash joins the parameters with IFS's first character and splits the result.
set -- a '' b
IFS=-
argv $@
argv $* x$@y
set -- '' a ''
argv $@
set -- a - b
argv ${@}
IFS=' -'
set -- a '' b
argv $@
IFS=
argv $@
## STDOUT:
<a> <> <b>
<a> <> <b> <xa> <> <by>
<> <a>
<a> <> <> <b>
<a> <b>
<a> <b>
## END
