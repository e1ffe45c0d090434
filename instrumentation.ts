// Runs once when the server starts, so a broken database configuration fails at start, not on a first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServerLifecycle } = await import("@/lib/server/lifecycle");
    await startServerLifecycle();
  }
}
