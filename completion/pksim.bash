# bash completion for pksim(1): subcommands, each command's options,
# --format / --items-format / --version values, and files for operands.
# Installed as share/bash-completion/completions/pksim; the options are
# those of `pksim COMMAND --help` (tests/install.sh checks they agree).

_pksim()
{
	local cur prev cmd opts
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()

	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W 'run compare locate epk plan check lesson
			merge help --help --version' -- "$cur"))
		return
	fi
	cmd=${COMP_WORDS[1]}

	case $prev in
	--format)
		if [ "$cmd" = plan ]; then
			COMPREPLY=($(compgen -W 'text json markdown' -- "$cur"))
		elif [ "$cmd" = lesson ]; then
			COMPREPLY=($(compgen -W 'markdown html' -- "$cur"))
		else
			COMPREPLY=($(compgen -W 'text json csv streams-csv money-csv markdown html' -- "$cur"))
		fi
		return
		;;
	--bands)
		COMPREPLY=($(compgen -W 'share equal' -- "$cur"))
		return
		;;
	--color)
		COMPREPLY=($(compgen -W 'auto always never' -- "$cur"))
		return
		;;
	--items-format)
		COMPREPLY=($(compgen -W 'auto json jsonl csv' -- "$cur"))
		return
		;;
	--version)
		if [ "$cmd" = epk ]; then
			COMPREPLY=($(compgen -W '1 2' -- "$cur"))
			return
		fi
		;;
	--seed | --key | --time-field | --time-compression | --rate | \
		--throughput | --partitions | --storage-per-partition | \
		--query | --seeds | --variant | --jobs)
		return
		;;
	-o | --output | --items | --prices)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	esac

	case $cmd in
	run)
		opts='--format --bands --color --seed --wide --width --output -o --force
			--quiet --jobs --no-remedies --estimate --prices --explain
			--allow-undefined-key --narrate --step --help'
		;;
	compare)
		opts='--key --items --items-format --time-field
			--time-compression --rate --at-once --query --seeds --throughput
			--partitions --storage-per-partition --variant --jobs
			--no-remedies --estimate --prices --explain --rank-by --quiet
			--format --bands --color --width --seed --output -o --force
			--allow-undefined-key
			--narrate --step --help'
		;;
	locate)
		opts='--allow-undefined-key --help'
		;;
	epk)
		opts='--version --multihash --help'
		;;
	plan)
		opts='--format --scenario --output -o --force --help'
		;;
	check)
		opts='--help'
		;;
	lesson)
		opts='--worksheet --solutions --format --seed --output -o --force
			--help'
		;;
	merge)
		opts='--output -o --force --help'
		;;
	help)
		if [ "$COMP_CWORD" -eq 2 ]; then
			COMPREPLY=($(compgen -W 'run compare locate epk plan check lesson merge' \
				-- "$cur"))
		fi
		return
		;;
	*)
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif [ "$cmd" = merge ]; then
		# the compares' JSON reports
		COMPREPLY=($(compgen -f -X '!*.json' -- "$cur"))
		if [ ${#COMPREPLY[@]} -eq 0 ]; then
			COMPREPLY=($(compgen -d -- "$cur"))
		fi
	elif [ "$cmd" != epk ]; then
		# the scenario or plan file (or an item, for locate)
		COMPREPLY=($(compgen -f -X '!*.y*ml' -- "$cur"))
		if [ ${#COMPREPLY[@]} -eq 0 ]; then
			COMPREPLY=($(compgen -d -- "$cur"))
		fi
	fi
}
complete -o filenames -F _pksim pksim
