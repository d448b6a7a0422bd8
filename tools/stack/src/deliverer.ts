import { logger } from "./log.ts";

export interface DelivererSchedule {
  stop(): Promise<void>;
}

interface DeliveryAnswer {
  delivered?: number;
  retrying?: number;
  failed?: number;
  error?: string;
}

/**
 * What Supabase Cron does on a hosted project, done locally: every few seconds, POST the
 * function's /deliver endpoint with the deliverer secret, so queued and retried notifications go out.
 */
export function scheduleDeliverer(options: {
  functionUrl: string;
  secret: string;
  everySeconds: number;
}): DelivererSchedule {
  const log = logger("deliverer");
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const response = await fetch(`${options.functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": options.secret },
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await response.json()) as DeliveryAnswer;
      if (!response.ok) log.error(`deliver answered ${response.status}: ${body.error ?? ""}`);
      else if (body.delivered || body.retrying || body.failed) {
        log.info(`delivered ${body.delivered}, retrying ${body.retrying}, failed ${body.failed}`);
      }
    } catch (error) {
      if (!stopped) log.error("deliver call failed:", String(error));
    }
  };
  const timer = setInterval(() => {
    running ??= run().finally(() => {
      running = undefined;
    });
  }, options.everySeconds * 1000);
  log.info(`runs every ${options.everySeconds} s`);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
