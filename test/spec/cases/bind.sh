# bind in a script: bash warns that line editing is not enabled and still changes readline's
# tables, which bind then reads back; so does Quirl with its editor's table. Quirl's editor has
# its own set of functions and keys, so listings are compared for the functions both bind alike.
# What Quirl's editor cannot do is refused with a message and status 1, where readline takes it.

#### bind in a non-interactive shell warns, once per call
bind -q yank 2>&1 >/dev/null | grep -c 'bind: warning: line editing not enabled'
## stdout: 1

#### -q names the keys of a function; -u unbinds them; an unknown name is an error
bind -q yank 2>/dev/null; echo "s=$?"
bind -u yank 2>/dev/null; bind -q yank 2>/dev/null; echo "s=$?"
bind -q no-such-function 2>/dev/null; echo "s=$?"
bind -q no-such-function 2>&1 | grep -o "\`no-such-function': unknown function name"
## STDOUT:
yank can be invoked via "\C-y".
s=0
yank is not bound to any keys.
s=1
s=1
`no-such-function': unknown function name
## END

#### a key bound to a function shows in -q, -p and -P, in key order
bind '"\C-o": kill-line' 2>/dev/null
bind -q kill-line 2>/dev/null
bind -p 2>/dev/null | grep -F ': kill-line'
bind -P 2>/dev/null | grep '^kill-line '
## STDOUT:
kill-line can be invoked via "\C-k", "\C-o".
"\C-k": kill-line
"\C-o": kill-line
kill-line can be found on "\C-k", "\C-o".
## END

#### key names and escapes: Control-o, \C-o and \017 are one key; -r takes a binding away
bind 'Control-o: beginning-of-line' 2>/dev/null; bind -q beginning-of-line 2>/dev/null | grep -o '"\\C-o"'
bind -r '\C-o' 2>/dev/null; bind -q beginning-of-line 2>/dev/null | grep -c '"\\C-o"'
bind '"\017": beginning-of-line' 2>/dev/null; bind -q beginning-of-line 2>/dev/null | grep -o '"\\C-o"'
bind -r '"\C-o"' 2>/dev/null; bind -r '\C-k' 2>/dev/null; bind -q kill-line 2>/dev/null
## status: 1
## STDOUT:
"\C-o"
0
"\C-o"
kill-line is not bound to any keys.
## END

#### -x binds a shell command, -X lists it, -r removes it
bind -x '"\C-o": echo "$READLINE_LINE"' 2>/dev/null
bind -x '"\C-g": printf x' 2>/dev/null
bind -X 2>/dev/null
bind -r '\C-o' 2>/dev/null; bind -X 2>/dev/null | grep -c 'READLINE_LINE'
## status: 1
## STDOUT:
"\C-g": "printf x"
"\C-o": "echo \"$READLINE_LINE\""
0
## END

#### the readline variables the editor honours, set and read back
bind -v 2>/dev/null | grep -E '^set (bell-style|show-all-if-ambiguous|completion-ignore-case) '
bind 'set bell-style none' 2>/dev/null
bind 'set show-all-if-ambiguous on' 2>/dev/null
bind 'set completion-ignore-case On' 2>/dev/null
bind -V 2>/dev/null | grep -E '^(bell-style|show-all-if-ambiguous|completion-ignore-case) '
## STDOUT:
set completion-ignore-case off
set show-all-if-ambiguous off
set bell-style audible
completion-ignore-case is set to `on'
show-all-if-ambiguous is set to `on'
bell-style is set to `none'
## END

#### -l lists the editor's functions by name
bind -l 2>/dev/null | grep -cx -e yank -e kill-line -e beginning-of-line -e end-of-line -e backward-kill-word -e history-search-backward -e reverse-search-history
## stdout: 7

#### a bad option is a usage error
bind -z 2>/dev/null; echo "s=$?"
## stdout: s=2

#### what Quirl's editor cannot do is refused with a message (readline takes it)
bind 'set no-such-variable on' 2>/dev/null; echo "variable=$?"
bind '"\C-o": "a macro"' 2>/dev/null; echo "macro=$?"
bind '"\C-o\C-p": yank' 2>/dev/null; echo "sequence=$?"
bind '"\C-o": no-such-function' 2>/dev/null; echo "function=$?"
bind -m vi -q yank >/dev/null 2>&1; echo "keymap=$?"
bind 'set no-such-variable on' 2>&1 | grep -c 'no-such-variable'
## STDOUT:
variable=0
macro=0
sequence=0
function=0
keymap=0
1
## END
## OK quirl STDOUT:
variable=1
macro=1
sequence=1
function=1
keymap=1
1
## END
