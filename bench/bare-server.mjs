// The baseline: a bare Fastify route with no platform (no api-version, access, envelope, database).
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ maintenanceMode: false }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
process.send?.({ port: app.server.address().port });
