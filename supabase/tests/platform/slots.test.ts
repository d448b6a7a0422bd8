import { strict as assert } from "node:assert";
import { slots } from "../../functions/send-contact-email/platform/slots.ts";

/** Work that starts when its slot is given and ends when the test says so. */
function gatedWork() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const work = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish.set(name, () => resolve(name));
    });
  return { started, finish: (name: string) => finish.get(name)?.(), work };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("beacons past the busy slots wait their turn in order, and past the queue are refused", async () => {
  const beaconSlots = slots(2, 1);
  const { started, finish, work } = gatedWork();
  const first = beaconSlots.tryRun(work("first"));
  const second = beaconSlots.tryRun(work("second"));
  const third = beaconSlots.tryRun(work("third"));
  assert.equal(
    await beaconSlots.tryRun(work("fourth")),
    undefined,
    "slots and queue full: refused",
  );
  await settled();
  assert.deepEqual(started, ["first", "second"], "the third waits for a slot");
  finish("first");
  assert.equal(await first, "first");
  await settled();
  assert.deepEqual(started, ["first", "second", "third"], "the freed slot goes to the third");
  const fifth = beaconSlots.tryRun(work("fifth"));
  await settled();
  assert.deepEqual(started.length, 3, "the fifth waits in the queue the third left");
  finish("second");
  finish("third");
  assert.deepEqual(await Promise.all([second, third]), ["second", "third"]);
  await settled();
  assert.equal(started.at(-1), "fifth");
  finish("fifth");
  assert.equal(await fifth, "fifth");
  // Every slot free again: work starts at once.
  const sixth = beaconSlots.tryRun(work("sixth"));
  await settled();
  assert.equal(started.at(-1), "sixth");
  finish("sixth");
  assert.equal(await sixth, "sixth");
});
