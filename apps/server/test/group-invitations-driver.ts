// Joining a group as its invitees do: each finds the group's invitation among theirs and accepts
// it. For tests that need members in a group made with `memberIds` (who are invited, not added).
import { expect } from "vitest";

type TResponse = { statusCode: number; body: string; json: () => { data: unknown } };
type TApi<W extends string> = (method: "GET" | "POST", route: string, who: W) => Promise<TResponse>;

export async function acceptGroupInvitations<W extends string>(
  api: TApi<W>,
  groupId: string,
  invitees: readonly W[],
): Promise<void> {
  for (const who of invitees) {
    const mine = await api("GET", "/groups/invitations/my", who);
    expect(mine.statusCode, mine.body).toBe(200);
    const invitation = (mine.json().data as { id: string; groupId: string }[]).find(
      (i) => i.groupId === groupId,
    );
    expect(invitation, `${who} has no invitation to ${groupId}`).toBeDefined();
    const accepted = await api("POST", `/groups/invitations/${invitation!.id}/accept`, who);
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
}
