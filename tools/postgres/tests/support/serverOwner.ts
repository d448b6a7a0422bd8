import { readFileSync } from "node:fs";
import { join } from "node:path";
import { connect } from "../../src/client.ts";
import { startPostgres } from "../../src/embeddedPostgres.ts";

/**
 * A process that starts a server on argv[2], commits argv[3] rows, says so on stdout and waits:
 * the test kills it outright, as a stack killed with SIGKILL would be.
 */
const [dataDir = "", rows = "0"] = process.argv.slice(2);
const server = await startPostgres({ dataDir, port: 0 });
const sql = connect(server.url);
await sql`create table if not exists acknowledged (n int primary key)`;
for (let n = 0; n < Number(rows); n++) await sql`insert into acknowledged values (${n})`;
await sql.end();
const pidFile = readFileSync(join(dataDir, "postmaster.pid"), "utf8");
console.log(JSON.stringify({ pid: Number(pidFile.split("\n")[0]) }));
setInterval(() => {}, 60_000);
