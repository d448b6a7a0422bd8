/**
 * Our page and the static template, run by Lighthouse mobile side by side in alternating rounds.
 *
 * This machine's speed drifts by 2x between runs, and another Lighthouse may run on it at the same
 * time, so a figure means something only beside the reference's figure taken right before or
 * after it. Each round runs both pages back to back, and which goes first alternates from round to
 * round, so drift within a round falls on each page alike.
 */
import {
  type LighthouseRun,
  type LighthouseSummary,
  runLighthouse,
  type Throttling,
} from "./lighthouse.ts";

/** The two pages compared. */
export type Side = "ours" | "template";

/** One round; a run Lighthouse could not measure is missing. */
export interface Round {
  /** The page Lighthouse ran first this round. */
  first: Side;
  ours?: LighthouseSummary;
  template?: LighthouseSummary;
  /** Context, in the whole bench's simulated rounds only: the page without its app (JS off). */
  withoutApp?: LighthouseSummary;
  /** Context, in the whole bench's simulated rounds only: a three-line static page. */
  minimal?: LighthouseSummary;
}

/** Both sets of rounds. Every planned round is kept, so `rounds.length` is what was planned. */
export interface PageComparison {
  /** Lighthouse's default: recorded at full speed, replayed on a model phone 4x slower. */
  simulated: Round[];
  /** The CPU really slowed 4x and the network throttled through DevTools while recording. */
  real: Round[];
  /** The runs Lighthouse could not measure, each with its reason. */
  missing: string[];
}

export interface ComparePagesOptions {
  oursUrl: string;
  templateUrl: string;
  /** The cheap context pages, run after the pair in each simulated round when given. */
  context?: { withoutAppUrl: string; minimalUrl: string };
  rounds: number;
  realRounds: number;
  log(message: string): void;
}

export async function comparePages(options: ComparePagesOptions): Promise<PageComparison> {
  const missing: string[] = [];
  const measured = (label: string, run: LighthouseRun): LighthouseSummary | undefined => {
    if (run.ok) return run.summary;
    missing.push(`${label}: ${run.reason}`);
    return undefined;
  };

  async function playRounds(count: number, throttling: Throttling): Promise<Round[]> {
    const set = throttling === "simulate" ? "simulated" : "real 4x";
    const rounds: Round[] = [];
    for (let index = 0; index < count; index++) {
      const first: Side = index % 2 === 0 ? "ours" : "template";
      const order: Side[] = first === "ours" ? ["ours", "template"] : ["template", "ours"];
      const { context } = options;
      const withContext = context && throttling === "simulate";
      const pages = [...order, ...(withContext ? ["without app", "three-line page"] : [])];
      options.log(
        `Lighthouse mobile, ${set}, round ${index + 1} of ${count}: ${pages.join(", then ")}`,
      );
      const round: Round = { first };
      for (const side of order) {
        const url = side === "ours" ? options.oursUrl : options.templateUrl;
        const run = await runLighthouse(url, { formFactor: "mobile", throttling });
        const summary = measured(
          `${side === "ours" ? "our page" : "static template"}, ${set} round ${index + 1}`,
          run,
        );
        if (summary) round[side] = summary;
      }
      if (context && withContext) {
        const withoutApp = await runLighthouse(context.withoutAppUrl, { formFactor: "mobile" });
        const minimal = await runLighthouse(context.minimalUrl, { formFactor: "mobile" });
        const withoutAppRun = measured(
          `page without its app, ${set} round ${index + 1}`,
          withoutApp,
        );
        const minimalRun = measured(`three-line page, ${set} round ${index + 1}`, minimal);
        if (withoutAppRun) round.withoutApp = withoutAppRun;
        if (minimalRun) round.minimal = minimalRun;
      }
      rounds.push(round);
    }
    return rounds;
  }

  const simulated = await playRounds(options.rounds, "simulate");
  const real = await playRounds(options.realRounds, "devtools");
  return { simulated, real, missing };
}
