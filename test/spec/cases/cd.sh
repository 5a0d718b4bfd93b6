# cd and pwd. The cwd is a fresh temp dir ("work"), HOME another ("home").
## compare_shells: dash zsh

#### cd to an absolute directory
cd /usr
pwd
## stdout: /usr

#### cd to a relative directory and back with ..
mkdir -p a/b
cd a/b
basename "$(pwd)"
cd ../..
basename "$(pwd)"
## STDOUT:
b
work
## END

#### cd sets PWD and OLDPWD
cd /usr
cd /bin
echo "$PWD $OLDPWD"
## stdout: /bin /usr

#### cd with no operand goes to HOME
cd
[ "$(pwd)" = "$HOME" ] && echo home
## stdout: home

#### cd - goes to OLDPWD and prints it
cd /usr
cd /bin
cd -
pwd
## STDOUT:
/usr
/usr
## END
## OK zsh STDOUT:
/usr
## END

#### cd to a missing directory fails and stays
before=$(pwd)
cd nosuch 2>/dev/null
echo "status=$?"
[ "$(pwd)" = "$before" ] && echo stayed
## STDOUT:
status=1
stayed
## END
## OK dash STDOUT:
status=2
stayed
## END

#### cd to a file fails
touch file
cd file 2>/dev/null
echo "status=$?"
## stdout: status=1
## OK dash stdout: status=2

#### the error names the directory
cd nosuch_dir_xyz 2> err
grep -q nosuch_dir_xyz err && echo named
## stdout: named

#### . and .. are resolved logically, not through symlinks
mkdir real
ln -s real link
cd link
basename "$(pwd)"
basename "$PWD"
cd ..
basename "$(pwd)"
## STDOUT:
link
link
work
## END

#### pwd -P shows the physical directory
mkdir real
ln -s real link
cd link
basename "$(pwd -P)"
## stdout: real

#### a path with . and .. is normalized
cd /usr/../usr/./bin
pwd
## stdout: /usr/bin

#### cd changes the directory of commands run after it
cd /
sh -c pwd
ls -d usr
## STDOUT:
/
usr
## END

#### cd with too many operands fails (bash)
before=$(pwd)
cd / /usr 2>/dev/null
echo "status=$?"
[ "$(pwd)" = "$before" ] && echo stayed || pwd
## STDOUT:
status=1
stayed
## END
## OK dash STDOUT:
status=0
/
## END
# dash ignores the extra operand; zsh's two-operand cd replaces text in $PWD, and fails here
