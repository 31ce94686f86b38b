import pulumi
import pulumi_docs_workspace as docs_workspace

onboarding = docs_workspace.Space("onboarding",
    title="Onboarding",
    language=docs_workspace.Language.EN)
onboarding_fr = docs_workspace.Translation("onboardingFr",
    space_id=onboarding.id,
    source_language=docs_workspace.Language.EN,
    language=docs_workspace.Language.FR)
