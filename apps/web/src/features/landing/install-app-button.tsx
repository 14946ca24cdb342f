// The landing page's "Install the app" button. Browsers that can install the app announce it with
// a beforeinstallprompt event; the button shows only then, and asking twice is not possible, so it
// hides again once the prompt has been used.
import InstallMobileIcon from "@mui/icons-material/InstallMobile";
import Button from "@mui/material/Button";
import { useEffect, useState } from "react";

/** The part of the (not yet standard) BeforeInstallPromptEvent this button uses. */
type TInstallPromptEvent = Event & { prompt: () => Promise<unknown> };

/** The browser's pending install offer, or null while there is none. */
export function useInstallPrompt(): { offer: TInstallPromptEvent | null; used: () => void } {
  const [offer, setOffer] = useState<TInstallPromptEvent | null>(null);
  useEffect(() => {
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away; the page offers the install itself.
      event.preventDefault();
      setOffer(event as TInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", onOffer);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onOffer);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);
  return { offer, used: () => setOffer(null) };
}

export function InstallAppButton() {
  const { offer, used } = useInstallPrompt();
  if (!offer) return null;
  return (
    <Button
      variant="text"
      size="large"
      startIcon={<InstallMobileIcon />}
      onClick={() => {
        used();
        void offer.prompt();
      }}
    >
      Install the app
    </Button>
  );
}
