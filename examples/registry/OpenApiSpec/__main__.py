import pulumi
import pulumi_docs_workspace as docs_workspace

petstore = docs_workspace.OpenApiSpec("petstore",
    slug="petstore",
    visibility=docs_workspace.SpecVisibility.PUBLIC,
    source={
        "url": "https://petstore3.swagger.io/api/v3/openapi.json",
    })
