import { type IncomingHttpHeaders, request } from "node:http";

export interface LoopbackAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request for the stack's tests, on a connection of its own from a chosen loopback
 * address (`from`, e.g. 127.0.0.12): the gateway sees each address as another client, so each
 * test keeps its own rate-limit count. A `host` header is sent as given.
 */
export function loopbackRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
    timeoutMs?: number;
  } = {},
): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from,
        agent: false,
        setHost: options.headers?.host === undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
