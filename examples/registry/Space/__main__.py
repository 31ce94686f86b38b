import pulumi
import pulumi_docs_workspace as docs_workspace

handbook = docs_workspace.Collection("handbook", title="Engineering handbook")
onboarding = docs_workspace.Space("onboarding",
    title="Onboarding",
    parent=handbook.id,
    edit_mode=docs_workspace.EditMode.LOCKED,
    language=docs_workspace.Language.EN)
pulumi.export("onboardingUrl", onboarding.urls.app)
