// "E-mail notifications" on /account: per category, mail at once, in a daily digest, or none.
// The mails' "choose which e-mails you get" link lands here (/account#email).
import { type TEmailMode, ZEmailPreferences } from "@hostfield/domain/contracts";
import { AccountSection } from "./account-section";
import { ChannelPreferences } from "./channel-preferences";

export const EMAIL_SETTINGS_TITLE = "E-mail notifications";

export const EMAIL_MODE_LABELS: Record<TEmailMode, string> = {
  instant: "Instantly",
  digest: "Daily digest",
  off: "Off",
};

export function EmailSettings({ userId }: { userId: string }) {
  return (
    <div id="email">
      <AccountSection
        title={EMAIL_SETTINGS_TITLE}
        description="When you are away, we e-mail you about what concerns you. You always see it in your notifications."
      >
        <ChannelPreferences
          userId={userId}
          channel="email"
          schema={ZEmailPreferences}
          modeLabels={EMAIL_MODE_LABELS}
          what="e-mail"
        />
      </AccountSection>
    </div>
  );
}
