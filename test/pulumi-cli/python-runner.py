# The program runner of the Python mode of language-host.mjs (`pulumi-language-python`): what
# Pulumi's own Python host starts, written for this repository. It configures the Pulumi Python
# SDK (from PyPI, in the program's virtual environment) with the engine's addresses, runs the
# program's __main__.py inside the stack resource and waits for every outstanding request.
import argparse
import asyncio
import os
import runpy
import sys
import traceback

import pulumi
import pulumi.runtime
from pulumi.runtime import settings, stack

# The exit code that tells the engine the user was already shown an actionable message.
USER_ACTIONABLE_EXIT = 32


def main() -> int:
    parser = argparse.ArgumentParser()
    for name in ("project", "stack", "monitor", "engine", "organization", "root-directory", "pwd", "parallel"):
        parser.add_argument(f"--{name}", default=None)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("program")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args()

    if options.pwd:
        os.chdir(options.pwd)
    program = options.program
    if os.path.isdir(program):
        program = os.path.join(program, "__main__.py")
    sys.path.insert(0, os.path.dirname(os.path.abspath(program)))
    sys.argv = [program, *options.args]

    settings.configure(
        settings.Settings(
            project=options.project,
            stack=options.stack,
            monitor=options.monitor,
            engine=options.engine,
            parallel=int(options.parallel) if options.parallel else None,
            dry_run=options.dry_run,
            organization=options.organization,
            root_directory=options.root_directory,
        )
    )

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(stack.run_in_stack(lambda: runpy.run_path(program, run_name="__main__")))
    except pulumi.RunError as error:
        pulumi.log.error(str(error))
        return USER_ACTIONABLE_EXIT
    except Exception:  # noqa: BLE001 - every failure is the program's, shown to the user
        pulumi.log.error(f"Program failed with an unhandled exception:\n{traceback.format_exc()}")
        return USER_ACTIONABLE_EXIT
    finally:
        loop.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
