import assert from "node:assert/strict";
import { test } from "node:test";
import type { TraceEvent } from "@bluewater/stack/trace";
import { spread } from "../src/lighthouse.ts";
import { readerStartRows } from "../src/report.ts";
import {
  appStartupTasks,
  blockingTime,
  type StartupTasks,
  tasksFromFirstPaint,
} from "../src/startupTasks.ts";

const page = "http://127.0.0.1:8700/";
const renderer = { pid: 7, tid: 1 };

/** A top-level task in Chrome's trace-event format: microseconds, complete ("X") events. */
const task = (ms: number, durationMs: number, where = renderer): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...where,
  ts: ms * 1000,
  dur: durationMs * 1000,
});
const request = (ms: number, url: string): TraceEvent => ({
  name: "ResourceSendRequest",
  ph: "I",
  ...renderer,
  ts: ms * 1000,
  args: { data: { url } },
});
const parse: TraceEvent = {
  name: "ParseHTML",
  ph: "X",
  ...renderer,
  ts: 10_000,
  dur: 5000,
  args: { beginData: { url: page } },
};

test("the app's start-up is every main-thread task of the page from its first chunk request on", () => {
  const events = [
    parse,
    task(10, 120), // the document's parse and layout, before the app is asked for
    request(100, `${page}icons/icon-192.png`),
    request(200, `${page}assets/react-abc.js`),
    task(210, 90),
    task(320, 30),
    task(330, 200, { pid: 7, tid: 2 }), // another thread of the renderer
    task(340, 500, { pid: 8, tid: 1 }), // another process
    request(400, `${page}assets/page-abc.js`),
    task(410, 60),
  ];
  assert.deepEqual(appStartupTasks(events, page), [90, 30, 60]);
});

test("blocking time is what each task takes beyond 50 ms", () => {
  assert.equal(blockingTime([90, 30, 60, 50]), 40 + 10);
  assert.equal(blockingTime([]), 0);
});

test("a trace of a page that never asked for the app's code says so", () => {
  assert.throws(() => appStartupTasks([parse, task(10, 120)], page), /never asked for the app/);
  assert.throws(() => appStartupTasks([task(10, 120)], page), /never parses/);
});

test("a reader meets every main-thread task from the first paint on, one running across it included", () => {
  const paint = (ms: number, pid = renderer.pid): TraceEvent => ({
    name: "firstContentfulPaint",
    ph: "R",
    pid,
    tid: renderer.tid,
    ts: ms * 1000,
  });
  const events = [
    parse,
    task(10, 40), // the document's parse, before anything shows
    paint(300, 9), // another renderer's paint
    task(60, 260), // layout running across the first paint
    paint(310),
    task(400, 20),
    task(3400, 140), // the app's start at the reading start
    task(3500, 200, { pid: 7, tid: 2 }), // another thread of the renderer
  ];
  assert.deepEqual(tasksFromFirstPaint(events, page), [260, 20, 140]);
  assert.throws(() => tasksFromFirstPaint([parse, task(10, 40)], page), /never paints/);
});

test("the reader's row holds only when every planned trace has no task over 50 ms", () => {
  const startup = (longest: number[], failures: string[] = []): StartupTasks => ({
    longestTaskMs: spread(longest),
    blockingMs: spread(longest.map(() => 0)),
    runs: longest.map((longestTaskMs) => ({ longestTaskMs, blockingMs: 0, tasks: 9 })),
    failures,
  });
  const [held] = readerStartRows(startup([31, 50, 44, 12, 40]), 5.03, 5);
  assert.equal(held?.met, true);
  assert.match(held?.value ?? "", /5 of 5 traces with none > 50 ms/);
  assert.match(held?.measure ?? "", /5\.03x CPU/);
  const [oneLong] = readerStartRows(startup([31, 50, 141, 12, 40]), 5.03, 5);
  assert.equal(oneLong?.met, false);
  assert.match(oneLong?.value ?? "", /4 of 5/);
  const [oneFailed] = readerStartRows(startup([31, 50, 44, 12], ["the trace never paints"]), 4, 5);
  assert.equal(oneFailed?.met, false);
  assert.match(oneFailed?.value ?? "", /failed: the trace never paints/);
});
