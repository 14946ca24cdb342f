import { describe, expect, it } from "vitest";
import { ApiError, INVALID_RESPONSE } from "./api";
import { shapeParser, shapeProblem, type TShapeOf } from "./reply-shape";

const MEDIA = {
  id: "string",
  title: "string",
  width: "number?",
  owner: { id: "string", logo: "string?" },
} as const;

describe("shapeProblem", () => {
  it("accepts a reply with every field of its JSON type, optional ones null or absent", () => {
    expect(shapeProblem({ id: "m1", title: "Court", width: 640, owner: { id: "p1" } }, MEDIA)).toBe(
      null,
    );
    expect(
      shapeProblem(
        { id: "m1", title: "Court", width: null, owner: { id: "p1", logo: null } },
        MEDIA,
      ),
    ).toBe(null);
  });

  it("names the first field that breaks the shape, nested ones by their dotted path", () => {
    expect(shapeProblem({ title: "Court", owner: { id: "p1" } }, MEDIA)).toBe("id");
    expect(shapeProblem({ id: "m1", title: 3, owner: { id: "p1" } }, MEDIA)).toBe("title");
    expect(shapeProblem({ id: "m1", title: "C", width: "640", owner: { id: "p1" } }, MEDIA)).toBe(
      "width",
    );
    expect(shapeProblem({ id: "m1", title: "C", owner: { id: "p1", logo: 1 } }, MEDIA)).toBe(
      "owner.logo",
    );
    expect(shapeProblem({ id: "m1", title: "C", owner: [] }, MEDIA)).toBe("owner");
    expect(shapeProblem(["m1"], MEDIA)).toBe("(the reply)");
  });

  it("tells arrays from objects", () => {
    expect(shapeProblem({ tags: [] }, { tags: "array" })).toBe(null);
    expect(shapeProblem({ tags: {} }, { tags: "array" })).toBe("tags");
    expect(shapeProblem({ address: [] }, { address: "object?" })).toBe("address");
  });
});

describe("shapeParser", () => {
  it("passes a fitting reply on unchanged and fails a broken one with INVALID_RESPONSE", () => {
    const parser = shapeParser<{ id: string }>("A file", { id: "string" });
    const reply = { id: "m1", extra: true };
    expect(parser.parse(reply)).toBe(reply);
    let failure: unknown;
    try {
      parser.parse({ id: 7 });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(INVALID_RESPONSE);
    expect((failure as ApiError).message).toBe("A file in the reply had a bad id.");
  });
});

// The compiler holds a shape to the type a reply is parsed as (the domain contract's): each shape
// marked as an expected error below is one `npm run typecheck` refuses (and fails if it stops).
describe("TShapeOf", () => {
  type TCourt = {
    id: string;
    count: number;
    logo: string | null;
    tags?: string[];
    owner: { id: string; name: string };
  };

  it("takes the type's own fields, by their JSON types, a nested object by its shape", () => {
    const shape: TShapeOf<TCourt> = {
      id: "string",
      count: "number?",
      logo: "string?",
      tags: "array?",
      owner: { name: "string" },
    };
    expect(shapeProblem({ id: "c1", logo: null, owner: { id: "u1", name: "Ann" } }, shape)).toBe(
      null,
    );
  });

  it("refuses a field the type lacks, another JSON type, and a nullable field checked as required", () => {
    const refused: TShapeOf<TCourt>[] = [
      // @ts-expect-error the type has no `court`
      { court: "string" },
      // @ts-expect-error `count` is a number
      { count: "string" },
      // @ts-expect-error `logo` may be null: a reply with none would be refused
      { logo: "string" },
      // @ts-expect-error `tags` may be absent
      { tags: "array" },
      // @ts-expect-error `owner.name` is a string
      { owner: { name: "number" } },
    ];
    expect(refused).toHaveLength(5);
  });
});
