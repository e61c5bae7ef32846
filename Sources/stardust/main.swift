print("stardust")
