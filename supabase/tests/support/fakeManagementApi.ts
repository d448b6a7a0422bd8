/**
 * A fake of the parts of Supabase's Management API (https://api.supabase.com/api/v1) that the
 * real Supabase CLI calls to deploy this project: the project, its API keys, its function
 * secrets and the function deploy endpoint, in their documented shapes. The CLI is pointed at it
 * with a profile (`profileFor`). It keeps what it was sent, so a test can read the deploy back.
 */

export interface Upload {
  metadata: { entrypoint_path: string; import_map_path: string; name: string };
  files: Map<string, string>;
}

export interface FakeManagementApi {
  url: string;
  /** Function secrets by name, as set. */
  secrets: Map<string, string>;
  uploads: Upload[];
  /** Every request, `METHOD /path`, in order. */
  requests: string[];
  /** A CLI profile that sends the CLI here, written into `folder`. */
  profileFor(folder: string): Promise<string>;
  shutdown(): Promise<void>;
}

export const fakeProjectRef = "abcdefghijklmnopqrst";
export const fakePublishableKey = "sb_publishable_fakeProjectKey_0123456789abc";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const project = {
  id: fakeProjectRef,
  ref: fakeProjectRef,
  name: "blue-water",
  organization_id: "org",
  organization_slug: "org",
  region: "us-east-1",
  status: "ACTIVE_HEALTHY",
  created_at: "2026-05-01T00:00:00Z",
  database: { host: `db.${fakeProjectRef}.supabase.co`, version: "17.4.1.054" },
};

export function startFakeManagementApi(): FakeManagementApi {
  const secrets = new Map<string, string>();
  const uploads: Upload[] = [];
  const requests: string[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const url = new URL(request.url);
      const path = url.pathname;
      requests.push(`${request.method} ${path}`);
      if (request.headers.get("authorization") !== `Bearer sbp_${"0".repeat(40)}`) {
        return Response.json({ message: "Unauthorized" }, { status: 401 });
      }
      const base = `/v1/projects/${fakeProjectRef}`;
      if (request.method === "GET" && path === base) return Response.json(project);
      if (request.method === "GET" && path === `${base}/api-keys`) {
        return Response.json([
          {
            name: "anon",
            api_key: "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln",
            type: "legacy",
            id: "anon",
          },
          { name: "default", api_key: fakePublishableKey, type: "publishable", id: "pub" },
        ]);
      }
      // Listed by name and the SHA-256 of the value, never the value (the dashboard's "digest").
      if (request.method === "GET" && path === `${base}/secrets`) {
        const listed = [];
        for (const [name, value] of secrets) listed.push({ name, value: await sha256Hex(value) });
        return Response.json(listed);
      }
      if (request.method === "POST" && path === `${base}/secrets`) {
        for (const secret of (await request.json()) as Array<{ name: string; value: string }>) {
          secrets.set(secret.name, secret.value);
        }
        return new Response(null, { status: 201 });
      }
      // The deploy endpoint, as documented: multipart `metadata` and `file` parts.
      if (request.method === "POST" && path === `${base}/functions/deploy`) {
        const form = await request.formData();
        const files = new Map<string, string>();
        for (const part of form.getAll("file")) {
          if (part instanceof File) files.set(part.name, await part.text());
        }
        uploads.push({ metadata: JSON.parse(String(form.get("metadata"))), files });
        const slug = url.searchParams.get("slug");
        return Response.json(
          {
            id: "f1",
            slug,
            name: slug,
            status: "ACTIVE",
            version: uploads.length,
            created_at: 0,
            updated_at: 0,
          },
          { status: 201 },
        );
      }
      return Response.json(
        { message: `the fake has no ${request.method} ${path}` },
        { status: 404 },
      );
    },
  );
  const apiUrl = `http://127.0.0.1:${server.addr.port}`;
  return {
    url: apiUrl,
    secrets,
    uploads,
    requests,
    async profileFor(folder: string) {
      const profile = `${folder}/profile.json`;
      await Deno.writeTextFile(
        profile,
        JSON.stringify({
          name: "fake",
          api_url: apiUrl,
          dashboard_url: `${apiUrl}/dashboard`,
          project_host: "supabase.red",
        }),
      );
      return profile;
    },
    shutdown: () => server.shutdown(),
  };
}
