resource guide "docs-workspace:index:Space" {
  title = "Guide"
}

resource readers "docs-workspace:index:OrganizationInviteLink" {
  spaceId = guide.id
  role    = "read"
}

resource newcomers "docs-workspace:index:OrganizationInviteLink" {
  role = "guest"
}

output readersInviteId {
  value = readers.inviteId
}
