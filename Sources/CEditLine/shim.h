// libedit's readline-compatible API (history, completion) for the REPL.
#include <stdio.h>
#include <editline/readline.h>
