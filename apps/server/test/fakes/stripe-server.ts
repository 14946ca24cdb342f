// The fake Stripe on its own, for local runs and browser journeys:
//   STRIPE_FAKE_PORT=4242 STRIPE_FAKE_WEBHOOK_URL=http://127.0.0.1:3000/payment-mgmt/api/payments/webhooks/stripe \
//   STRIPE_SECRET_KEY=sk_test_fake STRIPE_WEBHOOK_SECRET=whsec_fake npx tsx apps/server/test/fakes/stripe-server.ts
// then start the app with the same two secrets and STRIPE_API_URL=http://127.0.0.1:4242. It prints
// one line, `stripe fake listening on http://127.0.0.1:<port>`, and runs until stopped. Its hosted
// checkout (a session's `url`) completes the payment, posts the signed webhooks to
// STRIPE_FAKE_WEBHOOK_URL, then sends the browser to the checkout's success address.
import { startFakeStripe } from "./stripe";

const port = Number(process.env.STRIPE_FAKE_PORT ?? "4242");
const fake = await startFakeStripe({
  port: Number.isInteger(port) ? port : 0,
  secretKey: process.env.STRIPE_SECRET_KEY ?? "sk_test_fake",
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_fake",
  webhookUrl: process.env.STRIPE_FAKE_WEBHOOK_URL ?? null,
});
process.stdout.write(`stripe fake listening on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
