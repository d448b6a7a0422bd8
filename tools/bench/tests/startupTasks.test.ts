import assert from "node:assert/strict";
import { test } from "node:test";
import type { TraceEvent } from "@bluewater/stack/trace";
import { spread } from "../src/lighthouse.ts";
import { readerVisitRows } from "../src/report.ts";
import {
  appStartupTasks,
  blockingTime,
  type ReaderVisits,
  readerVisitTasks,
  type StartupTasks,
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

test("a trace whose parse lacks the page's URL is read on the thread of the longest HTML parse", () => {
  const blank: TraceEvent = { ...parse, pid: 8, dur: 100, args: { beginData: { url: "" } } };
  const unnamed: TraceEvent = { ...parse, args: { beginData: { url: "" } } };
  const events = [
    blank,
    unnamed,
    request(200, `${page}assets/react-abc.js`),
    task(210, 90),
    task(220, 500, { pid: 8, tid: 1 }), // the blank document's renderer
  ];
  assert.deepEqual(appStartupTasks(events, page), [90]);
  assert.throws(() => appStartupTasks([task(210, 90)], page), /no ParseHTML among them/);
});

test("blocking time is what each task takes beyond 50 ms", () => {
  assert.equal(blockingTime([90, 30, 60, 50]), 40 + 10);
  assert.equal(blockingTime([]), 0);
});

test("a trace of a page that never asked for the app's code says so", () => {
  assert.throws(() => appStartupTasks([parse, task(10, 120)], page), /never asked for the app/);
  assert.throws(() => appStartupTasks([task(10, 120)], page), /never parses/);
});

const paint = (ms: number, pid = renderer.pid): TraceEvent => ({
  name: "firstContentfulPaint",
  ph: "R",
  pid,
  tid: renderer.tid,
  ts: ms * 1000,
});

test("a reader's visit: what is left of each task from the first paint while the page loads, then the app's start from its first request", () => {
  const events = [
    parse,
    task(10, 40), // the document's parse, before anything shows
    paint(300, 9), // another renderer's paint
    task(60, 260), // layout running across the first paint: 10 ms of it come after
    paint(310),
    task(400, 120),
    request(3390, `${page}assets/react-abc.js`),
    task(3400, 140), // the app's start at the reader's scroll
    task(3500, 200, { pid: 7, tid: 2 }), // another thread of the renderer
    task(3600, 30),
  ];
  assert.deepEqual(readerVisitTasks(events, page), { loading: [10, 120], appStart: [140, 30] });
  // A page without our app only loads.
  const peer = events.filter((event) => event.name !== "ResourceSendRequest");
  assert.deepEqual(readerVisitTasks(peer, page).loading, [10, 120, 140, 30]);
  assert.throws(() => readerVisitTasks([parse, task(10, 40)], page), /never paints/);
});

const tasks = (longest: number[], failures: string[] = []): StartupTasks => ({
  longestTaskMs: spread(longest),
  blockingMs: spread(longest.map(() => 0)),
  runs: longest.map((longestTaskMs) => ({ longestTaskMs, blockingMs: 0, tasks: 9 })),
  failures,
});

test("the app's start row holds only when every planned trace has no task over 50 ms", () => {
  const visits = (appStart: StartupTasks): ReaderVisits => ({
    loading: tasks([90]),
    appStart,
    peerLoading: tasks([120]),
  });
  const [, held] = readerVisitRows(visits(tasks([31, 50, 44, 12, 40])), 5.03, 5);
  assert.equal(held?.met, true);
  assert.match(held?.value ?? "", /5 of 5 traces with none > 50 ms/);
  assert.match(held?.measure ?? "", /5\.03x CPU/);
  const [, oneLong] = readerVisitRows(visits(tasks([31, 50, 141, 12, 40])), 5.03, 5);
  assert.equal(oneLong?.met, false);
  assert.match(oneLong?.value ?? "", /4 of 5/);
  const failed = tasks([31, 50, 44, 12], ["the trace never paints"]);
  const [, oneFailed] = readerVisitRows(visits(failed), 4, 5);
  assert.equal(oneFailed?.met, false);
  assert.match(oneFailed?.value ?? "", /failed: the trace never paints/);
});

test("the loading row compares our longest task with the peer's, by the ratio of medians", () => {
  const row = (ours: number[], peer: StartupTasks | undefined) =>
    readerVisitRows({ loading: tasks(ours), appStart: tasks([40]), peerLoading: peer }, 4, 1)[0];
  assert.equal(row([100, 150, 300], tasks([140, 160, 200]))?.met, true);
  assert.match(row([100, 150, 300], tasks([140, 160, 200]))?.value ?? "", /×0\.94/);
  assert.equal(row([100, 180, 300], tasks([140, 160, 200]))?.met, false);
  assert.equal(row([100], undefined)?.met, false);
  assert.match(row([100], undefined)?.value ?? "", /no peer/);
});
