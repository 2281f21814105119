# bash completion for clusterscope-cli: the commands, their options, preset names and topology generator
# names. Options come from the program's own help (`clusterscope-cli COMMAND --help` where the command has
# one, else its block of `clusterscope-cli --help`), presets and generators from `clusterscope-cli list
# presets|generators`: nothing here is a copy that could drift from the program.
# Installed as <datadir>/bash-completion/completions/clusterscope-cli.

# The first word of each line that does not start with a space (the name column of `list`).
_clusterscope_cli_names()
{
    "$1" list "$2" 2>/dev/null | while IFS= read -r line; do
        case $line in '' | ' '*) ;; *) printf '%s\n' "${line%% *}" ;; esac
    done
}

# Every --option the help of command $2 names.
_clusterscope_cli_options()
{
    local prog=$1 cmd=$2 text
    text=$("$prog" "$cmd" --help 2>/dev/null) || text=
    if [[ -z $text ]]; then
        # The top-level help: the command's lines run from "  CMD ..." to the next command's first line.
        text=$("$prog" --help 2>/dev/null | awk -v cmd="$cmd" '
            /^  [a-z][a-z-]* / { inside = ($1 == cmd) }
            /^[^ ]/ { inside = 0 }
            inside')
    fi
    grep -oE -- '(^|[^A-Za-z0-9_-])(--[a-z][a-z0-9-]*|-o)' <<<"$text" | grep -oE -- '-.*' | sort -u
}

_clusterscope_cli()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local prog=${COMP_WORDS[0]} cmd= i
    COMPREPLY=()
    # Run the program as it was typed (a path works as well as one on PATH), with ~ expanded.
    [[ $prog == "~/"* ]] && prog=$HOME/${prog#\~/}
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} != -* ]]; then
            cmd=${COMP_WORDS[i]}
            break
        fi
    done
    if [[ -z $cmd ]]; then
        local commands
        commands=$("$prog" --help 2>/dev/null | awk '/^commands:/ { on = 1; next } /^[^ ]/ { on = 0 }
                                                     on && /^  [a-z][a-z-]* / { print $1 }' | sort -u)
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi
    # run-app ... -- PROGRAM ARGS: the program is a command, its arguments are its own.
    if [[ $cmd == run-app ]]; then
        for ((i = 2; i < COMP_CWORD; i++)); do
            if [[ ${COMP_WORDS[i]} == -- ]]; then
                if ((i == COMP_CWORD - 1)); then
                    COMPREPLY=($(compgen -c -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
                return
            fi
        done
    fi
    case $prev in
        --time)
            COMPREPLY=($(compgen -W "wall stdout:" -- "$cur"))
            compopt -o nospace 2>/dev/null
            return
            ;;
        --gen)
            local gens
            gens=$(_clusterscope_cli_names "$prog" generators | sed 's/$/:/')
            COMPREPLY=($(compgen -W "$gens" -- "$cur"))
            compopt -o nospace 2>/dev/null
            return
            ;;
        -o | --results | --design | --into)
            COMPREPLY=($(compgen -f -- "$cur"))
            return
            ;;
        --claims | --slurm-dir | --export-simgrid)
            COMPREPLY=($(compgen -d -- "$cur"))
            return
            ;;
        --network-model)
            COMPREPLY=($(compgen -W "CM02 LV08" -- "$cur"))
            return
            ;;
        --pairs)
            COMPREPLY=($(compgen -W "all chain first paths" -- "$cur"))
            return
            ;;
        --param | --set | --at | --nodes | --probe | --variant | --timeout | --bw | --lat | --switch-lat | \
            --baseline | --target | --target-speedup | --output | --step | --width | --height | --hold-out | \
            --link-bw | --parallel | --max | --slice | --slurm-array | --block | --import | --prior | --repeat | \
            --overhead-runs | --region | --metric | --net | --flops | --max-events)
            return # a value only the user knows
            ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_clusterscope_cli_options "$prog" "$cmd")" -- "$cur"))
        return
    fi
    case $cmd in
        list)
            COMPREPLY=($(compgen -W "presets blocks generators" -- "$cur"))
            ;;
        validate)
            COMPREPLY=($(compgen -W "$(_clusterscope_cli_names "$prog" presets)" -- "$cur"))
            ;;
        eval | sweep | pareto | sensitivity | plot | simulate | topo | calibrate | verify | replay)
            # DESIGN: a preset name or a design file.
            COMPREPLY=($(compgen -W "$(_clusterscope_cli_names "$prog" presets)" -- "$cur")
                $(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
            ;;
    esac
}

complete -F _clusterscope_cli clusterscope-cli
