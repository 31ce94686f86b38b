import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const brand = new docs_workspace.CustomFont("brand", {
    fontFamily: "Acme Sans",
    fontFaces: [
        {
            weight: 400,
            storageKey: "fonts/acme-sans-regular.woff2",
        },
        {
            weight: 700,
            storageKey: "fonts/acme-sans-bold.woff2",
        },
    ],
});
const docs = new docs_workspace.Site("docs", {title: "Engineering docs"});
const look = new docs_workspace.SiteCustomization("look", {
    siteId: docs.id,
    styling: {
        customFontId: brand.id,
    },
});
