# bash completion for ravel (installed by `make install` as
# PREFIX/share/bash-completion/completions/ravel).
_ravel()
{
    local cur prev cmd i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        --) return 0 ;; # compiler flags: nothing to offer
        -*) ;;
        *) cmd=${COMP_WORDS[i]}; break ;;
        esac
    done
    if [ -z "$cmd" ]; then
        COMPREPLY=($(compgen -W "check replay report spaces help --help --version" -- "$cur"))
        return 0
    fi
    local check_opts="--algo= --count-traces --keep-going --max-executions= --time-limit= --cutoffs
        --no-cutoffs --alt= --memory= --cache-mb= --cache-kb= --dot= --schedule-policy= --deepen=
        --preemption-bound= --fair-bound= --max-depth= --local-states= --property= --witness=
        --data-model= --max-events= --timeout= --max-memory= --max-threads= --engine=
        --nondet-domain= --posix-exit --spurious-wakeups --json --progress --no-progress --out=
        --html= --no-html --sarif= --quiet --cc= --no-cache --help"
    local run_opts="--json --quiet --cc= --no-cache --posix-exit --memory= --property=
        --nondet-domain= --max-events= --timeout= --max-memory= --max-threads= --engine= --help"
    case $cur in
    --algo=*) COMPREPLY=($(compgen -P --algo= -W "udpor dpor source optimal dfs" -- "${cur#--algo=}")); return 0 ;;
    --memory=*) COMPREPLY=($(compgen -P --memory= -W "sc drf" -- "${cur#--memory=}")); return 0 ;;
    --engine=*) COMPREPLY=($(compgen -P --engine= -W "auto fork reset" -- "${cur#--engine=}")); return 0 ;;
    --property=*) COMPREPLY=($(compgen -P --property= -W "all unreach-call no-deadlock no-data-race valid-memsafety" -- "${cur#--property=}")); return 0 ;;
    --schedule-policy=*) COMPREPLY=($(compgen -P --schedule-policy= -W "lowest least" -- "${cur#--schedule-policy=}")); return 0 ;;
    --data-model=*) COMPREPLY=($(compgen -P --data-model= -W "ILP32 LP64" -- "${cur#--data-model=}")); return 0 ;;
    --out=*) COMPREPLY=($(compgen -P --out= -d -- "${cur#--out=}")); return 0 ;;
    --html=* | --sarif=* | --dot=* | --witness=* | --local-states=*)
        local o=${cur%%=*}=
        COMPREPLY=($(compgen -P "$o" -f -- "${cur#*=}")); return 0 ;;
    -*)
        case $cmd in
        check) COMPREPLY=($(compgen -W "$check_opts" -- "$cur")) ;;
        replay) COMPREPLY=($(compgen -W "$run_opts --gdb --break-step=" -- "$cur")) ;;
        report) COMPREPLY=($(compgen -W "$run_opts --html= --sarif=" -- "$cur")) ;;
        spaces) COMPREPLY=($(compgen -W "--help" -- "$cur")) ;;
        esac
        [ "${#COMPREPLY[@]}" = 1 ] && [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
        return 0 ;;
    esac
    case $cmd in
    check) COMPREPLY=($(compgen -f -X '!*.@(c|cc|cpp|cxx|C|c++|i|pv|yml|yaml)' -- "$cur") $(compgen -d -- "$cur")) ;;
    replay | report) COMPREPLY=($(compgen -f -X '!*.@(c|cc|cpp|cxx|C|c++|i|pv|schedule)' -- "$cur") $(compgen -d -- "$cur")) ;;
    spaces) COMPREPLY=($(compgen -f -X '!*.pv' -- "$cur") $(compgen -d -- "$cur")) ;;
    help) COMPREPLY=($(compgen -W "check replay report spaces" -- "$cur")) ;;
    esac
    return 0
}
shopt -s extglob 2>/dev/null
complete -F _ravel ravel
