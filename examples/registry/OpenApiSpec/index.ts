import * as pulumi from "@pulumi/pulumi";
import * as docs_workspace from "pulumi-docs-workspace-native";

const petstore = new docs_workspace.OpenApiSpec("petstore", {
    slug: "petstore",
    visibility: docs_workspace.SpecVisibility.Public,
    source: {
        url: "https://petstore3.swagger.io/api/v3/openapi.json",
    },
});
