# Aliases in scripts: expanded only while expand_aliases is on (off in a script until shopt -s),
# where a command starts, when the line is read.

#### a script does not expand aliases by default
alias hi='echo expanded'
hi 2>/dev/null || echo "status $?"
## stdout: status 127

#### after shopt -s expand_aliases, an alias defined on an earlier line is expanded
shopt -s expand_aliases
alias hi='echo expanded'
hi there
## stdout: expanded there

#### an alias defined on the line that uses it is not expanded yet
shopt -s expand_aliases
alias hi='echo expanded'; hi 2>/dev/null || echo "not yet"
hi
## STDOUT:
not yet
expanded
## END

#### a function body is read, aliases expanded, when the function is defined
shopt -s expand_aliases
alias say='echo said'
f() { say inside; }
unalias say
f
## stdout: said inside

#### an alias ending in a blank opens the next word to aliases
shopt -s expand_aliases
alias run='command ' word='echo word'
run word ok
## stdout: word ok

#### a quoted or escaped name is not an alias
shopt -s expand_aliases
alias ls='echo aliased'
\ls /dev/null
'ls' /dev/null
ls
## STDOUT:
/dev/null
/dev/null
aliased
## END

#### shopt -u expand_aliases stops the expansion
shopt -s expand_aliases
alias hi='echo expanded'
hi
shopt -u expand_aliases
hi 2>/dev/null || echo "status $?"
## STDOUT:
expanded
status 127
## END

#### alias and alias NAME list the aliases either way; type knows them only while they expand
alias hi='echo x' two='echo y'
alias
alias hi
type hi 2>/dev/null || echo "type status $?"
shopt -s expand_aliases
type hi
## STDOUT:
alias hi='echo x'
alias two='echo y'
alias hi='echo x'
type status 1
hi is aliased to `echo x'
## END

#### eval and sourced files read with the aliases of the moment
shopt -s expand_aliases
alias hi='echo expanded'
eval 'hi from eval'
echo 'hi from file' > f.sh
. ./f.sh
## STDOUT:
expanded from eval
expanded from file
## END

#### sh -c gets no aliases of its parent (they are not inherited)
shopt -s expand_aliases
alias hi='echo expanded'
$SH -c 'hi' 2>/dev/null || echo "child status $?"
## stdout: child status 127
