import type * as pulumi from "@pulumi/pulumi";
import type { ArgsInputs, Input } from "../../provider/lifecycle/define";
import { dynamicClass } from "../../provider/dynamic/resource-class";
import { Space } from "../../provider/dynamic/resources/space";
import { space, type SpaceArgs } from "../../provider/resources/space";

/**
 * Args interfaces are written by hand for their TSDoc, and checked against the input schema:
 * `npm test` type-checks this file first, and each `@ts-expect-error` below fails that check the
 * day the compiler stops refusing the Args under it.
 */
type Inputs = ArgsInputs<typeof space>;

interface Lacking {
  title: Input<Inputs["title"]>;
}
interface Adding extends SpaceArgs {
  subtitle?: Input<string>;
}
interface Mistyped extends Omit<SpaceArgs, "title"> {
  title: Input<number>;
}
interface RequiringAnOptional extends Omit<SpaceArgs, "emoji"> {
  emoji: Input<Inputs["emoji"]>;
}
interface LosingARequired extends Omit<SpaceArgs, "title"> {
  title?: Input<Inputs["title"]>;
}

test("the compiler refuses an Args that lacks, adds or mistypes an input, or changes its optionality", () => {
  // @ts-expect-error lacks every input but the title
  dynamicClass(space).withArgs<Lacking>();
  // @ts-expect-error declares an input the schema does not have
  dynamicClass(space).withArgs<Adding>();
  // @ts-expect-error types the title as a number
  dynamicClass(space).withArgs<Mistyped>();
  // @ts-expect-error requires the optional emoji
  dynamicClass(space).withArgs<RequiringAnOptional>();
  // @ts-expect-error makes the required title optional
  dynamicClass(space).withArgs<LosingARequired>();
  expect(Object.keys(Space.props({ title: "t" }))).toEqual([
    "organizationId",
    "workspace",
    "title",
    "emoji",
    "parent",
    "editMode",
    "defaultLevel",
    "language",
    "permissions",
    "adoptId",
    "visibility",
    "revision",
    "comments",
    "changeRequests",
    "changeRequestsOpen",
    "changeRequestsDraft",
    "createdAt",
    "updatedAt",
    "urls",
  ]);
});

test("outputs are typed from the schema and the API object", () => {
  const typed = (resource: Space) => {
    const title: pulumi.Output<string> = resource.title;
    const emoji: pulumi.Output<string | null> = resource.emoji;
    // @ts-expect-error a space has no basename
    void resource.basename;
    return [title, emoji];
  };
  expect(typed).toBeInstanceOf(Function);
});
