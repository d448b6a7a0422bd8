import { Command, InvalidArgumentError } from "commander";

export { Command, InvalidArgumentError, Option } from "commander";

/**
 * A command that answers as the CLIs people know (commander, rather than `util.parseArgs` and a
 * catch: it writes the usage from the options themselves and names the option at fault):
 *
 * - `--help` (`-h`) prints the usage and exits 0;
 * - an unknown option, a missing or bad value, or an extra argument prints one line naming it,
 *   then the usage, and exits 2, the usage-error status of Unix tools, with no stack trace.
 */
export function defineCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .helpOption("-h, --help", "show this help")
    .showHelpAfterError()
    .allowExcessArguments(false)
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));
}

/**
 * Reads this process's arguments and runs the chosen action. `pnpm bench -- --only=page` hands the
 * script a literal `--` first (pnpm 10 passes it through), which would end the options before they
 * start. An action that fails prints its message, not a stack trace, and exits 1.
 */
export async function parseCommand(
  program: Command,
  argv = process.argv.slice(2),
): Promise<Command> {
  const args = argv[0] === "--" ? argv.slice(1) : argv;
  try {
    return await program.parseAsync(args, { from: "user" });
  } catch (error) {
    console.error(`${program.name()}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** A parser for an option that takes a whole number of at least `least`. */
export function wholeNumber(least: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (value.trim() === "" || !Number.isInteger(parsed) || parsed < least) {
      throw new InvalidArgumentError(`It must be a whole number ≥ ${least}.`);
    }
    return parsed;
  };
}
