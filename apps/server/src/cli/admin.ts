// `npm run admin -- grant <email> | revoke <email> | rotate-keys`: administration from the shell.
import { setAdmin } from "../modules/users/service";
import { rotateSigningKeys } from "../platform/auth/signing-keys";
import { createSecretBox, resolveSecretKey } from "../platform/crypto/secret-box";
import { withDatabase } from "./with-database";

const USAGE = "usage: npm run admin -- grant <email> | revoke <email> | rotate-keys";
const [command, email] = process.argv.slice(2);
if (
  !command ||
  ((command === "grant" || command === "revoke") && !email) ||
  !["grant", "revoke", "rotate-keys"].includes(command)
) {
  console.error(USAGE);
  process.exit(64);
}

await withDatabase(async (database, config) => {
  if (command === "rotate-keys") {
    await rotateSigningKeys(
      database.db,
      createSecretBox(resolveSecretKey(config.secretKey, config.dataDir)),
    );
    console.log(
      "A new signing key is active; restart the servers to sign with it. Old keys still verify.",
    );
    return;
  }
  const user = await setAdmin({ db: database.db }, email!, command === "grant");
  console.log(`${user.email} is ${command === "grant" ? "now an admin" : "no longer an admin"}.`);
});
