import pulumi
import pulumi_docs_workspace as docs_workspace

handbook = docs_workspace.Collection("handbook",
    title="Engineering handbook",
    description="How we build, ship and run things")
runbooks = docs_workspace.Collection("runbooks",
    title="Runbooks",
    parent=handbook.id,
    default_level=docs_workspace.CollectionDefaultLevel.INHERIT)
pulumi.export("handbookUrl", handbook.urls.app)
