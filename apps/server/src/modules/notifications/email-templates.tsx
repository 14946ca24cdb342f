// The notification mails: one frame (our mark and colours, the action button, why you get this
// and how to stop it) around a single notice or a day's digest. HTML and text come from the same
// React tree (react-email), so the two parts never say different things.
// The automatic JSX runtime whoever compiles this file (tsx from the repo's root, as the benches do,
// finds no tsconfig saying so).
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { BRAND } from "@hostfield/domain/reference";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";

const COLORS = { primary: "#1554D1", text: "#0F1B2D", muted: "#4A5A70", line: "#E3E8F0" };
const FONT = "'Plus Jakarta Sans', 'Segoe UI', Helvetica, Arial, sans-serif";

/** One piece of news: what happened, a line or two about it, and the page to act on it. */
export type TMailNotice = { title: string; body: string; url: string; action: string };

/** Where the mail's footer links: the unsubscribe page of its category and the settings page. */
export type TMailFooter = { reason: string; unsubscribeUrl: string; settingsUrl: string };

function Frame(props: { preview: string; footer: TMailFooter; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#F4F6FA", fontFamily: FONT, color: COLORS.text }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: "24px 16px" }}>
          <Text style={{ fontSize: 20, fontWeight: 700, color: COLORS.primary, margin: 0 }}>
            {BRAND}
          </Text>
          <Section
            style={{
              backgroundColor: "#FFFFFF",
              borderRadius: 12,
              border: `1px solid ${COLORS.line}`,
              padding: "8px 24px 24px",
              marginTop: 16,
            }}
          >
            {props.children}
          </Section>
          <Text style={{ fontSize: 12, color: COLORS.muted, lineHeight: "18px" }}>
            {props.footer.reason}{" "}
            <Link href={props.footer.unsubscribeUrl} style={{ color: COLORS.muted }}>
              Unsubscribe
            </Link>{" "}
            or{" "}
            <Link href={props.footer.settingsUrl} style={{ color: COLORS.muted }}>
              choose which e-mails you get
            </Link>
            .
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const button = {
  backgroundColor: COLORS.primary,
  color: "#FFFFFF",
  borderRadius: 8,
  padding: "12px 20px",
  fontWeight: 600,
  fontSize: 15,
};

function NoticeMail({ notice, footer }: { notice: TMailNotice; footer: TMailFooter }) {
  return (
    <Frame preview={notice.body || notice.title} footer={footer}>
      <Heading as="h1" style={{ fontSize: 20, lineHeight: "28px" }}>
        {notice.title}
      </Heading>
      {notice.body.split("\n").map((line) => (
        <Text key={line} style={{ fontSize: 15, lineHeight: "22px" }}>
          {line}
        </Text>
      ))}
      <Button href={notice.url} style={button}>
        {notice.action}
      </Button>
    </Frame>
  );
}

function DigestMail({ notices, footer }: { notices: TMailNotice[]; footer: TMailFooter }) {
  return (
    <Frame preview={notices.map((n) => n.title).join(" · ")} footer={footer}>
      <Heading as="h1" style={{ fontSize: 20, lineHeight: "28px" }}>
        Your day on {BRAND}
      </Heading>
      {notices.map((n, i) => (
        // Items of a digest may repeat word for word (two passes on one request): keyed by place.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once, never reordered.
        <Section key={i}>
          {i > 0 && <Hr style={{ borderColor: COLORS.line }} />}
          <Text style={{ fontSize: 15, fontWeight: 600, margin: "12px 0 4px" }}>
            <Link href={n.url} style={{ color: COLORS.primary }}>
              {n.title}
            </Link>
          </Text>
          {n.body && <Text style={{ fontSize: 14, color: COLORS.muted, margin: 0 }}>{n.body}</Text>}
        </Section>
      ))}
    </Frame>
  );
}

export type TRenderedMail = { subject: string; html: string; text: string };

async function both(subject: string, element: ReactNode): Promise<TRenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

export const renderNoticeMail = (notice: TMailNotice, footer: TMailFooter) =>
  both(notice.title, <NoticeMail notice={notice} footer={footer} />);

export const renderDigestMail = (notices: TMailNotice[], footer: TMailFooter) =>
  both(
    notices.length === 1
      ? `Your day on ${BRAND}: ${notices[0]!.title}`
      : `Your day on ${BRAND}: ${notices.length} updates`,
    <DigestMail notices={notices} footer={footer} />,
  );
