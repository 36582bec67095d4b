/** An API answer with a JSON body, as the server sends it, for a test's stand-in for `fetch`. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
