# Redirects that bash has and POSIX sh does not, or where bash differs from POSIX: &> &>> and
# the ambiguous redirect. (dash reads `cmd &> f` as `cmd &` then `> f`, so it is not compared.)
## compare_shells: zsh

#### &> sends stdout and stderr to one file
sh -c 'echo out; echo err >&2' &> f
cat f
## STDOUT:
out
err
## END

#### &>> appends both
echo first > f
sh -c 'echo out; echo err >&2' &>> f
cat f
## STDOUT:
first
out
err
## END

#### &> truncates
echo old-content > f
echo new &> f
cat f
## stdout: new

#### &> on a missing directory fails the command
echo x &> /nonexistent/f
echo "status=$?"
## stdout: status=1

#### a redirect target that splits into two words is an error in bash
f='a b'
echo x > $f
echo "status=$?"
[ -e 'a b' ] || echo 'no file "a b"'
## STDOUT:
status=1
no file "a b"
## END
## OK zsh stdout: status=0
# POSIX sh (dash) does not split redirect targets and writes to "a b"

#### a redirect target that globs to two files is an error in bash
touch x1 x2
echo data > x*
echo "status=$?"
[ -s x1 ] || [ -s x2 ] || echo neither-written
## STDOUT:
status=1
neither-written
## END
## OK zsh stdout: status=0

#### a redirect target that globs to one file uses it
touch only-one
echo data > only*
cat only-one
## stdout: data
