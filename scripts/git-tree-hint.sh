#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Say, on stderr, how to make a git tree of a kernel tree git does not
# track (make tree runs it): SINCE= needs one, and make fixes takes
# subject prefixes and Fixes: tags from its history.  Silent for a tree
# that is the top of a git repository.
#   git-tree-hint.sh TREE [KVER]
case ${1:-} in -h | --help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -eu
tree=${1:?usage: git-tree-hint.sh TREE [KVER]}
kver=${2:-}
top=$(cd "$tree" && env -u GIT_DIR -u GIT_WORK_TREE git rev-parse --show-toplevel 2>/dev/null) || top=
[ "$top" = "$(cd "$tree" && pwd -P)" ] && exit 0
name=linux-${kver:-tree}
why=
if [ -f "$tree/.gitignore" ] && grep -qx '/\*' "$tree/.gitignore"; then
	why="
  (git add -f: its .gitignore ignores everything at the top level, as
  Debian's does, so 'git add -A' would add nothing.)"
fi
cat >&2 <<EOT
tree: $tree is not a git tree: SINCE= needs one, and make fixes takes
  subject prefixes and Fixes: tags from its history.  Use a kernel git
  tree you already have (KSRC=DIR), or make one of this source, in a
  copy (the tools only read this one):
    cp -a '$tree' ~/$name
    cd ~/$name && git init -q && git add -f . && git commit -q -m '$name as packaged'
  and pass KSRC=~/$name.$why
  One commit of history gives no Fixes: tags; a clone of the stable tree does.
EOT
