import { mkdir, writeFile } from "node:fs/promises";
import { defineConfig } from "tsdown";
import { contentJsonFiles } from "./scripts/contentJson.ts";

const jsonDir = new URL("dist/json/", import.meta.url);

/**
 * The published library: one ES module per source module (so the function's copy and a
 * consumer's bundler take only what they import), with declarations beside them. The entry names
 * are the package's subpaths; tsdown writes `exports` from them, pointing the monorepo at the
 * source under the `@bluewater/source` condition and the tarball at `dist` (`publishConfig`).
 */
export default defineConfig({
  entry: {
    index: "src/index.ts",
    "acknowledgment-email": "src/copy/acknowledgmentEmail.ts",
    business: "src/copy/business.ts",
    chat: "src/chat/index.ts",
    contact: "src/contract/index.ts",
    "contact-answer": "src/contract/contactAnswer.ts",
    "contact-request": "src/contract/contactRequest.ts",
    "contact-submission": "src/contract/contactSubmission.ts",
    hours: "src/copy/hours.ts",
    "lead-outcomes": "src/copy/leadOutcomes.ts",
    "mark-contacted-page": "src/copy/markContactedPage.ts",
    "owner-email": "src/copy/ownerEmail.ts",
    "owner-report": "src/copy/ownerReport.ts",
    "owner-sms": "src/copy/ownerSms.ts",
    "review-request-email": "src/copy/reviewRequestEmail.ts",
    "service-details": "src/copy/serviceDetails.ts",
    "service-options": "src/contract/serviceOptions.ts",
    visit: "src/contract/visit.ts",
    "visit-sources": "src/copy/visitSources.ts",
  },
  platform: "neutral",
  unbundle: true,
  dts: true,
  exports: {
    devExports: "@bluewater/source",
    customExports: { "./json/*": "./dist/json/*" },
  },
  hooks: {
    async "build:done"() {
      await mkdir(jsonDir, { recursive: true });
      for (const [name, value] of Object.entries(contentJsonFiles)) {
        await writeFile(new URL(name, jsonDir), `${JSON.stringify(value, null, 2)}\n`);
      }
    },
  },
});
