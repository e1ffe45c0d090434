// Runs once when the server starts, so a broken database configuration fails at start, not on a first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServerLifecycle } = await import("@/lib/server/lifecycle");
    const { handOverLeanRoutes } = await import("@/lib/server/lean-routes");
    // scripts/serve.mjs listens once the stores are open, and answers the client libraries' routes with these.
    await handOverLeanRoutes(startServerLifecycle());
  }
}
