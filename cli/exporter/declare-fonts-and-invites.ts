import { customFont, organizationInviteLink } from "pulumi-docs-workspace/tools";
import { camelCase, code } from "./code";
import { byTitle, type Declarer } from "./declarations";
import type { Inventory, InviteLinkInventory } from "./inventory";
import { titles } from "./titles";

/**
 * The organization's custom fonts. The service answers each face's file as a URL, never its
 * storage key, so each key is read from stack config, which the notes name: an export cannot
 * know it.
 */
export function declareCustomFonts(program: Declarer, inventory: Inventory): void {
  for (const font of [...inventory.customFonts].sort(byTitle((f) => f.fontFamily))) {
    const keys = font.fontFaces.map((face) => {
      const key = camelCase(`${font.fontFamily} ${face.weight} storage key`);
      const url = face.sources[0]?.url ?? "no file";
      program.notes.push(
        `Font ${font.fontFamily}, weight ${face.weight}: the service answers its file (${url}), not its storage key: set it with \`pulumi config set ${key} <storage key>\`.`,
      );
      return { weight: face.weight, storageKey: code(`config.require(${JSON.stringify(key)})`) };
    });
    program.declare(
      customFont,
      { id: font.id, title: titles.customFont(font.fontFamily) },
      { fontFamily: font.fontFamily, fontFaces: keys },
    );
  }
}

/** A link's title: where it leads (the space's, collection's or organization's title), its role. */
export function inviteLinkTitle(inventory: Inventory, link: InviteLinkInventory): string {
  const target =
    link.spaceId !== undefined
      ? (inventory.spaces.find((s) => s.id === link.spaceId)?.title ?? link.spaceId)
      : link.collectionId !== undefined
        ? (inventory.collections.find((c) => c.id === link.collectionId)?.title ??
          link.collectionId)
        : inventory.organization.title;
  return titles.inviteLink(target, link.role);
}

/**
 * The organization's standing invite links, each named by its handle (never by its id, which is
 * what a person joins with). A clone makes new links, with new ids to share.
 */
export function declareInviteLinks(program: Declarer, inventory: Inventory): void {
  const links = inventory.inviteLinks.map((link) => ({
    link,
    title: inviteLinkTitle(inventory, link),
  }));
  if (program.clone && links.length > 0)
    program.notes.push("Invite links are made anew in the copy: share their new ids (inviteId).");
  for (const { link, title } of links.sort(byTitle((l) => l.title))) {
    program.declare(
      organizationInviteLink,
      { id: link.handle, title },
      {
        role: link.role,
        spaceId: program.ref(link.spaceId),
        collectionId: program.ref(link.collectionId),
      },
    );
  }
}
