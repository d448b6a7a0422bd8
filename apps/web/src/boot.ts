/**
 * The page's first script. It waits until the first frame has been painted before fetching the
 * app, so the phone's bandwidth goes to the HTML (which is already the whole first view) and the
 * app's download and start-up never delay what the visitor sees. Links work meanwhile.
 */
import "./styles.css";

/** Background tabs never paint; they start the app after this long anyway. */
const hiddenTabFallbackMs = 1500;

function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A callback queued from inside a frame callback runs in the next frame, after this one painted.
  requestAnimationFrame(() => requestAnimationFrame(once));
  setTimeout(once, hiddenTabFallbackMs);
}

afterFirstPaint(() => {
  import("./main.tsx").catch((error: unknown) => console.error(error));
});
