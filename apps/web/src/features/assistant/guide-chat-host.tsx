// Where a destination's guide chat lives: around the pages (app/layouts/root-layout.tsx), so on a
// wide screen it stays open beside the listing a citation leads to. The chat's code (MUI's drawer
// and dialog, the calls and zod) loads when it first opens, or when its button is pointed at or
// focused; until then this is a context and nothing more.
import type { TTourGuide } from "@hostfield/domain/contracts";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useMemo,
  useState,
} from "react";

/** What the chat needs of the guide the destination page loaded. */
export type TGuideSummary = Pick<
  TTourGuide,
  "destinationId" | "destinationName" | "name" | "greeting" | "suggestedQuestions"
>;

const loadChat = () => import("./guide-chat");
const GuideChat = lazy(async () => ({ default: (await loadChat()).GuideChat }));

/** Starts loading the chat's code; for its button's onPointerEnter and onFocus. */
export function preloadGuideChat(): void {
  void loadChat();
}

type TOpenChat = (guide: TGuideSummary, opener: HTMLElement | null) => void;
const OpenChatContext = createContext<TOpenChat | null>(null);

/** Opens the chat with a guide; null outside the provider (nothing can open it there). */
export function useOpenGuideChat(): TOpenChat | null {
  return useContext(OpenChatContext);
}

type TChatState = { guide: TGuideSummary; open: boolean; opener: HTMLElement | null };

export function GuideChatProvider({ children }: { children: ReactNode }) {
  const [chat, setChat] = useState<TChatState | null>(null);
  const open = useMemo<TOpenChat>(
    () => (guide, opener) => setChat({ guide, open: true, opener }),
    [],
  );
  return (
    <OpenChatContext.Provider value={open}>
      {children}
      {chat ? (
        <Suspense fallback={null}>
          <GuideChat
            // Another destination's guide is another conversation.
            key={chat.guide.destinationId}
            guide={chat.guide}
            open={chat.open}
            opener={chat.opener}
            onClose={() => setChat((current) => current && { ...current, open: false })}
          />
        </Suspense>
      ) : null}
    </OpenChatContext.Provider>
  );
}
