import assert from "node:assert/strict";
import { test } from "node:test";
import { appStartupTasks, blockingTime, type TraceEvent } from "../src/startupTasks.ts";

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
