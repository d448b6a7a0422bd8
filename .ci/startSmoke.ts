/**
 * The README's `pnpm start`, as a developer runs it, on a data folder of its own:
 *
 * 1. it comes up; the site answers; a lead sent to the function is stored (`pnpm leads` lists
 *    it), the owner's email and text and the homeowner's acknowledgment reach the log providers;
 *    Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops every part and frees
 *    every port;
 * 2. it starts again and still lists the lead; SIGTERM to the group (a process manager) stops it;
 * 3. it is killed outright (SIGKILL to the group); the next start recovers and lists the lead.
 *
 * Run by .ci/run with the network cut.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";

const repo = new URL("..", import.meta.url).pathname;
const local = parseEnv(readFileSync(join(repo, "tools/stack/local.env"), "utf8"));
const dataDir = mkdtempSync(join(tmpdir(), "bluewater-smoke-"));
// As root the server runs as the postgres account, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
const env = { ...process.env, BLUEWATER_DATA_DIR: dataDir };
const ports = [8080, 54321, 54322];
const say = (line: string) => console.log(`[smoke] ${line}`);

function fail(message: string): never {
  throw new Error(`pnpm start smoke test: ${message}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, probe: () => Promise<boolean> | boolean): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    if (await probe()) return;
    await pause(500);
  }
  fail(`${what} did not happen within 30 s`);
}

function isOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const started: ChildProcess[] = [];

/** `pnpm start` in a process group of its own, once it says it is ready. */
async function start() {
  const child = spawn("pnpm", ["start"], { cwd: repo, env, detached: true });
  started.push(child);
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output.push(chunk.toString());
    });
  }
  const ready = new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearInterval(check);
      clearTimeout(limit);
      if (error) reject(error);
      else resolve();
    };
    const check = setInterval(() => {
      if (output.join("").includes("ready:")) settle();
      else if (child.exitCode !== null) settle(new Error(`pnpm start exited (${child.exitCode})`));
    }, 100);
    const limit = setTimeout(() => settle(new Error("not ready within 5 minutes")), 300_000);
  });
  await ready;
  return {
    output,
    async stopWith(signal: NodeJS.Signals): Promise<void> {
      process.kill(-(child.pid ?? 0), signal);
      if (signal === "SIGKILL") return;
      // pnpm itself may exit at once on SIGTERM; the stack, which got the signal too, goes on
      // stopping its parts in order and says so.
      await until(`the stack stopping after ${signal}`, async () => {
        const open = await Promise.all(ports.map(isOpen));
        return output.join("").includes("[stack]      stopped") && !open.includes(true);
      });
      say(`${signal} stopped every part`);
    },
  };
}

function listedLeads(): string {
  return execFileSync("pnpm", ["--silent", "leads", "csv"], { cwd: repo, env }).toString();
}

async function sendLead(): Promise<{ id: string; requestId: string }> {
  const requestId = crypto.randomUUID();
  const answer = await fetch("http://127.0.0.1:54321/functions/v1/send-contact-email", {
    method: "POST",
    headers: {
      apikey: local.VITE_SUPABASE_PUBLISHABLE_KEY ?? "",
      "content-type": "application/json",
      origin: "http://localhost:8080",
    },
    body: JSON.stringify({
      name: "Smoke Test",
      phone: "(810) 555-0199",
      email: "smoke@example.com",
      service: "interior",
      message: `Sent by the CI smoke test (${requestId}).`,
      requestId,
      website: "",
      elapsedMs: 15_000,
    }),
  });
  const { id } = (await answer.json()) as { id?: string };
  if (answer.status !== 200 || !id) fail(`the function answered ${answer.status}`);
  return { id, requestId };
}

try {
  const first = await start();
  const page = await fetch("http://localhost:8080/");
  if (page.status !== 200) fail(`the site answered ${page.status}`);
  if (!(await page.text()).includes('id="contact"')) fail("the page has no contact section");
  say("the site answers");
  const lead = await sendLead();
  if (!listedLeads().includes(lead.id)) fail("pnpm leads does not list the lead");
  say(`lead ${lead.id} stored, and pnpm leads lists it`);
  const outbox = join(dataDir, "outbox.jsonl");
  const sent = (channel: string, to: string, carrying: string) =>
    (existsSync(outbox) ? readFileSync(outbox, "utf8") : "")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { channel: string; message: { to: string } })
      .some(
        (entry) =>
          entry.channel === channel &&
          entry.message.to.includes(to) &&
          JSON.stringify(entry.message).includes(carrying),
      );
  await until(
    "the owner's email and text, and the homeowner's acknowledgment",
    () =>
      sent("email", "", lead.requestId) &&
      sent("sms", local.NOTIFY_SMS_TO ?? "", "Smoke Test") &&
      sent("email", "smoke@example.com", ""),
  );
  say("the owner's email and text, and the homeowner's acknowledgment, are in the outbox");
  await first.stopWith("SIGINT");

  const second = await start();
  if (!listedLeads().includes(lead.id)) fail("the lead is gone after a restart");
  say("the lead is still there after a restart");
  await second.stopWith("SIGTERM");

  const third = await start();
  await third.stopWith("SIGKILL");
  say("killed outright");
  const fourth = await start();
  if (!listedLeads().includes(lead.id)) fail("the lead is gone after the stack was killed");
  say("the next start recovered, and the lead is still there");
  await fourth.stopWith("SIGINT");
} finally {
  // After a failure: nothing of the smoke test may outlive it.
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Gone already.
    }
  };
  for (const child of started) signal(-(child.pid ?? 0), "SIGKILL");
  const pidFile = join(dataDir, "postgres", "postmaster.pid");
  if (existsSync(pidFile)) signal(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGINT");
  await pause(1000);
  rmSync(dataDir, { recursive: true, force: true });
}
