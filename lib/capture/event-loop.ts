/** Lets the event loop serve other requests before a long piece of work goes on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
